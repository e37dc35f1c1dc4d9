"""Navigation: loading pages, arriving on them, and tabs."""
