"""The `fastapi` stack: FastAPI on uvicorn, study 001's REST server."""
