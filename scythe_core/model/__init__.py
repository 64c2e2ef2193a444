"""The game's state and its small parts: state, units, seats' rule sets, log, random generator."""
