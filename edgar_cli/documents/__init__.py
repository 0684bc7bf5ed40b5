"""Filing documents as text: HTML or plain text to clean text, and the items and sections in it.

Its public face, for the capabilities: ``text`` (``to_document``, ``main_document``, ``detect_form``),
``items`` (the item and section names of 10-K, 10-Q, 20-F and the cover), ``sections`` (``build_outline``,
``select``: section boundaries), ``pointers`` and ``references`` (whether a section only points elsewhere,
and where). Importing this package loads nothing.
"""
