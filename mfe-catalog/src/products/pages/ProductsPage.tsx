import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, CircularProgress, Container, Link, Typography } from '@mui/material';
import { cardTitle, formatKes, PAGE_SIZE, type Product, sellerLabel, usePageMeta } from '@campus/shared';
import { getProducts } from '../api/get-products';

/** Products list (spec 2 "Products list"). */
export default function ProductsPage() {
  usePageMeta('Products', 'Textbooks, electronics, dorm essentials and more from students on your campus.');
  const [products, setProducts] = useState<Product[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    getProducts({ page: 1, limit: PAGE_SIZE })
      .then((data) => setProducts(data.products))
      .catch((error) => console.error('Failed to fetch products', error))
      .finally(() => setLoading(false));
  }, []);
  return (
    <Container sx={{ py: 3 }}>
      <Typography variant="h1" gutterBottom>
        Products
      </Typography>
      {loading ? <CircularProgress aria-label="Loading products" /> : null}
      {!loading && products.length === 0 ? <Typography>No products found.</Typography> : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {products.map((product) => (
          <Box component="li" key={product._id} data-testid="product-card" sx={{ py: 1 }}>
            <Link component={RouterLink} to={`/products/${product._id}`}>
              {cardTitle(product.title)}
            </Link>{' '}
            {formatKes(product.price)} · {sellerLabel(product)}
          </Box>
        ))}
      </Box>
    </Container>
  );
}
