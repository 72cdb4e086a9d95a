// Gallery module: see DESIGN.md
