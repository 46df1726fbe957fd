"""`flask --app app serve` (cheroot) or `flask --app app run` find the factory here."""
from companion import create_app

__all__ = ["create_app"]
