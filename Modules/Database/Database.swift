// The Database module: a thin wrapper over SQLite.
