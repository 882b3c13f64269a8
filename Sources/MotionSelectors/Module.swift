// Module MotionSelectors: see DESIGN.md.
