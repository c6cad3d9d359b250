"""Terminal play: a typed command mode and a full-screen mode."""
