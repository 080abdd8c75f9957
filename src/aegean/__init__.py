"""Aegean: board games set in the Aegean, as software."""

__version__ = "0.1.0"
