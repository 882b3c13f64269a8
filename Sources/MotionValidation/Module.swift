// Module MotionValidation: see DESIGN.md.
