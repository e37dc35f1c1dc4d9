"""Scripts: a session's run as steps, exported, rerun and replayed."""
