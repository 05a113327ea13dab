"""Single elimination of any game (the format lives in ``formats.elimination``)."""

from referee.formats.elimination import SingleElimination

FORMAT = SingleElimination()
