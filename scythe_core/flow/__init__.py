"""The flow of play: one scheduler, sequences written as data, one handler per step.

Read :mod:`scythe_core.flow.sequences` first: it lists, as data, what runs in a turn,
a section, a Move, a combat and an Automa turn. :mod:`scythe_core.flow.scheduler`
runs the stack of steps; the ``*_steps`` modules hold one function per step.
"""
