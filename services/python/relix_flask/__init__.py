"""The `flask` stack: Flask (WSGI) on gunicorn, study 004's REST server as it is deployed."""
