"""Double elimination of any game (the format lives in ``formats.elimination``)."""

from referee.formats.elimination import DoubleElimination

FORMAT = DoubleElimination()
