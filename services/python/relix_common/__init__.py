"""What the Python stacks share: config, the catalog's rules, data access and telemetry.

The same business logic as the Node services (packages/core and packages/io), written once for
the three Python servers, so fastapi, flask and grpcio differ only in their transport.
"""
