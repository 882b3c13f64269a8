// Module MotionYAML: see DESIGN.md.
