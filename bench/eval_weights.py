"""eval_weights.py - the names of the engine's shapes and patterns as its
parameters spell them (e.B3, p.33, ...), and today's default weights of
its evaluation, for the fits of bench/eval-fit.py and bench/choice-fit.py.
"""
SHAPES = ["B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "FIVE"]
PATTERNS = ["B1", "F1", "B2", "F2", "B3", "F3", "33", "B4", "43", "F4", "FIVE"]
# Today's defaults (src/shape.c shape_default_weights for the opponent's
# shapes; for the side to move's, src/engine.c engine_default_params takes
# OWN_THREAT_PCT percent of them from B3 up). No pattern weights.
TODAY = [1, 2, 4, 12, 14, 45, 50, 120, 200]
OWN_THREAT_PCT = 250
TODAY_OWN = [w * OWN_THREAT_PCT // 100 if i >= SHAPES.index("B3") else w for i, w in enumerate(TODAY)]
