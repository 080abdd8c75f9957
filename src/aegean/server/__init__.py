"""The online table: a game server (FastAPI, WebSockets) and the web UI it serves.

:func:`~aegean.server.app.create_app` builds the application; ``aegean serve`` runs it
with uvicorn. The rules engine stays free of these dependencies (``aegean[server]``).
"""
