"""The instrumentation every Python server shares, the same figures as packages/io/src/telemetry."""
