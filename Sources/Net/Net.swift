// Net module: see DESIGN.md
