"""Acting: actions, forms, dialogs, keys and the settling that follows them."""
