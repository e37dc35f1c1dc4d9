"""Secrets and hostile pages: what must never leak or steer."""
