// TUI module: see DESIGN.md
