"""Service plumbing: putting a table together, systemd notification and status, logging."""
