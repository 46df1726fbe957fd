"""Serving the table: the HTTP server, HTTPS and its certificates, mDNS, addresses."""
