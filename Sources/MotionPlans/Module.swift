// Module MotionPlans: see DESIGN.md.
