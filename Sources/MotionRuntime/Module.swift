// Module MotionRuntime: see DESIGN.md.
