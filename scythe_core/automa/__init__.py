"""The Automa as a seat controller: its card-driven turn, moves, gains and combat choice."""
