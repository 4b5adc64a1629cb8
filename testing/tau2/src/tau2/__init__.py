"""tau2, trimmed: the package without its runner exports (see testing/tau2/README.md)."""
