// Module MotionRenderServer: see DESIGN.md.
