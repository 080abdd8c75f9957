"""Trial of the Gods content: the schema, the loader and the shipped sample set."""

from .loader import ContentError, ContentSet, load_content, sample_dir

__all__ = ["ContentError", "ContentSet", "load_content", "sample_dir"]
