// DemoCatalog module: see DESIGN.md
