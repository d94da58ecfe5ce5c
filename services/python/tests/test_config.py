"""The servers' ports come from the environment the runner sets from the stacks' records; none is
written here, so a missing one stops the server naming it."""

import pytest

from relix_common.config import EnvError, load_service_env

BACKENDS = {"REDIS_URL": "redis://127.0.0.1:6379", "MYSQL_URL": "mysql://relix:relix@127.0.0.1:3306/relix"}


def test_the_ports_given_are_the_ports_listened_on():
    env = load_service_env({**BACKENDS, "GRPCIO_PORT": "50062", "GRPCIO_METRICS_PORT": "0"},
                           port_name="GRPCIO_PORT", metrics_port_name="GRPCIO_METRICS_PORT")
    assert (env.port, env.metrics_port) == (50062, 0)


def test_a_missing_port_is_named_with_who_sets_it():
    with pytest.raises(EnvError) as refused:
        load_service_env({**BACKENDS, "GRPCIO_PORT": "50062"}, port_name="GRPCIO_PORT",
                         metrics_port_name="GRPCIO_METRICS_PORT")
    problems = str(refused.value).splitlines()[1:]
    assert len(problems) == 1
    assert problems[0].strip().startswith("GRPCIO_METRICS_PORT: must be set (the runner sets it from the stack's record")


def test_a_port_out_of_range_is_refused():
    with pytest.raises(EnvError, match="FLASK_PORT: must be a whole number from 0 to 65535"):
        load_service_env({**BACKENDS, "FLASK_PORT": "70000"}, port_name="FLASK_PORT")
