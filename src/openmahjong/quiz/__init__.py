"""The fan quiz (猜番对抗): the pattern catalogue, the hints per field, the frequency measurement.

``catalogue`` (patterns by pool, name completion), ``hints`` (``compare``), ``frequency``
(co-occurrence of patterns over generated winning hands). The game, ratings and storage live
beside them (``game``, ``elo``, ``store``). ``docs/quiz.md`` documents it all.
"""
