"""The reference check-in backend's parts: the functions (``functions``), the two storages they run
over (``sqlite_storage``, ``postgresql_storage``, opened by ``storage.open_storage``) and the
errors they share (``errors``). ``server.py`` puts them behind HTTP."""
