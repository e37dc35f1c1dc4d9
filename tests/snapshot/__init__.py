"""The snapshot engines: parsing, diffing and compacting outlines, without a browser
where they can."""
