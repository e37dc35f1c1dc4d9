"""Evidence: the console, network and downloads buffers of a session.

The page and CDP hooks that fill them, the views that read them, and what
each buffered request keeps for ``network.detail()``.
"""
