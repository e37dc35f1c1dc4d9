"""Network control: routes, the domain fence and what may escape them."""
