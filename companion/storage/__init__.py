"""The files on disk: the store, its index, atomic files, the trash."""
