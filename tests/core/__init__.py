"""Sessions and browsers: launching, attaching, the pool, config, errors, events,
interrupts and the sync API."""
