module myadapter

go 1.21
