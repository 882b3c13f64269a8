// Module MotionTimeline: see DESIGN.md.
