"""Browser play: the HTTP/WebSocket server and the page it serves."""
