"""Evidence: the console, network and downloads buffers and what fills them."""
