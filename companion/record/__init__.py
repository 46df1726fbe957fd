"""The game record: its shape, its entries and their replay, mending, what is read off it."""
