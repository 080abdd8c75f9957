"""Trial of the Gods (Ludus Magnus, 2024) as software: content, rules engine, bots."""
