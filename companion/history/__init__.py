"""A group's history: groups, a game's life, statistics, colours, and the records going out and coming in (a record as JSON, backups, BG Stats)."""
