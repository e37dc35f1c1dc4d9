"""The built-in demo: a tiny shop served on 127.0.0.1 and a scripted agent loop over it."""
