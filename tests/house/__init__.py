"""The house itself: layout, imports, docs examples, vocabulary and reprs."""
