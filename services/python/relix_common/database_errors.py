"""The one list of errors that mean "the database cannot be used", not "the query is wrong"
(as packages/io/src/repository/database-errors.ts): they become 503 / UNAVAILABLE."""

import socket

import pymysql

from .errors import unavailable
from .mysql_store import DatabaseDown

# MySQL error codes of a server that is gone, refuses us, or lacks the database or table.
_DOWN_CODES = {
    1040,  # too many connections
    1045,  # access denied
    1049,  # unknown database
    1053,  # server shutdown
    1146,  # no such table
    2002, 2003, 2006, 2013, 2055,  # cannot connect, gone away, lost during query
}


def is_database_unavailable(error: BaseException) -> bool:
    if isinstance(error, (DatabaseDown, socket.timeout, ConnectionError, TimeoutError)):
        return True
    if isinstance(error, pymysql.err.InterfaceError):
        return True
    if isinstance(error, pymysql.err.MySQLError) and error.args and isinstance(error.args[0], int):
        return error.args[0] in _DOWN_CODES
    return isinstance(error, pymysql.err.OperationalError)


def guard_database(call):
    """Runs a store call; an outage becomes the domain's `unavailable`."""
    try:
        return call()
    except Exception as error:
        if is_database_unavailable(error):
            raise unavailable("database unavailable") from error
        raise
