"""User interfaces over the application layer."""
