"""What the web pages share: charts, static assets, the request guard."""
